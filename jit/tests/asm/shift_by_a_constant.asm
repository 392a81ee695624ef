function main (asm, 128 bytes)
    00000  jmp 0000000000000053h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: shr
    00013  sar rsi,1
; line 5: print
    00017  mov rax,rsi
    0001a  mov rsi,rax
    0001d  mov ecx,1
    00022  mov rdi,[r15+30h]
    00026  mov rax,ADDR
    00030  push r10
    00032  push r11
    00034  call rax  ; jit_print
    00036  pop r11
    00038  pop r10
    0003a  test rdx,rdx
    0003d  jne 000000000000004Eh
; line 6: ret
    00043  mov eax,0
    00049  mov rsp,rbp
    0004c  pop rbp
    0004d  ret
; unwind to the entry from the interpreter
    0004e  mov rsp,[r15+28h]
    00052  ret
; external entry (from the interpreter)
    00053  mov rax,ADDR
    0005d  mov rcx,8
    00067  lea r11,[8]
    0006e  jmp qword ptr [78h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00078  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

