function main (asm, 208 bytes)
    00000  jmp 00000000000000A3h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov eax,0
    0000e  cmp rax,rsi
    00011  jl 000000000000001Eh
; return before the frame
    00017  mov eax,0
    0001d  ret
; frame
    0001e  push rbp
    0001f  mov rbp,rsp
    00022  sub rsp,0
    00029  mov r9,rsi
    0002c  mov edi,0
    00032  mov esi,0
; line 9: jge
    00038  cmp rsi,r9
    0003b  jl 000000000000006Dh
    00041  jmp 0000000000000094h
    00046  nop [rax+rax]
    0004f  nop [rax+rax]
    00058  nop [rax+rax]
; line 14: add
    00060  add rsi,1
; line 15: jmp
; line 9: jge
    00064  cmp rsi,r9
    00067  jge 0000000000000094h
; line 10: and
    0006d  test rsi,3
    00074  jne 0000000000000060h
; line 12: div
    00076  mov rax,6666666666666667h
    00080  imul rsi
    00083  sar rdx,1
    00087  mov rax,rdx
    0008a  shr rax,3Fh
    0008e  lea rdi,[rax+rdx]
    00092  jmp 0000000000000060h
; line 17: ret
    00094  mov rax,rdi
    00097  mov rsp,rbp
    0009a  pop rbp
    0009b  ret
    0009c  jmp 0000000000000060h
; unwind to the entry from the interpreter
    0009e  mov rsp,[r15+28h]
    000a2  ret
; external entry (from the interpreter)
    000a3  mov rax,ADDR
    000ad  mov rcx,8
    000b7  lea r11,[8]
    000be  jmp qword ptr [0C8h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    000c8  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

