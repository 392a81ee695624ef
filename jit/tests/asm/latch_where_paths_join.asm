function main (asm, 176 bytes)
    00000  jmp 0000000000000085h
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
    00022  mov r9,rsi
    00025  mov edi,0
    0002b  mov esi,0
; line 9: jge
    00031  cmp rsi,r9
    00034  jl 000000000000004Dh
    0003a  jmp 0000000000000076h
    0003f  nop
; line 14: add
    00040  add rsi,1
; line 15: jmp
; line 9: jge
    00044  cmp rsi,r9
    00047  jge 0000000000000076h
; line 10: and
    0004d  test rsi,3
    00054  jne 0000000000000040h
; line 12: div
    00056  mov rax,6666666666666667h
    00060  imul rsi
    00063  sar rdx,1
    00067  mov rax,rsi
    0006a  sar rax,3Fh
    0006e  sub rdx,rax
    00071  mov rdi,rdx
    00074  jmp 0000000000000040h
; line 17: ret
    00076  mov rax,rdi
    00079  mov rsp,rbp
    0007c  pop rbp
    0007d  ret
    0007e  jmp 0000000000000040h
; unwind to the entry from the interpreter
    00080  mov rsp,[r15+28h]
    00084  ret
; external entry (from the interpreter)
    00085  mov rax,ADDR
    0008f  mov rcx,8
    00099  lea r11,[8]
    000a0  jmp qword ptr [0A8h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    000a8  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

