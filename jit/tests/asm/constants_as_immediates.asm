function main (asm, 136 bytes)
    00000  jmp 0000000000000059h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 5: add
    0000c  add rsi,5
; line 6: add
    00010  mov rcx,123456789h
    0001a  add rsi,rcx
; line 7: print
    0001d  mov rax,rsi
    00020  mov rsi,rax
    00023  mov ecx,2
    00028  mov rdi,[r15+30h]
    0002c  mov rax,ADDR
    00036  push r10
    00038  push r11
    0003a  call rax  ; jit_print
    0003c  pop r11
    0003e  pop r10
    00040  test rdx,rdx
    00043  jne 0000000000000054h
; line 8: ret
    00049  mov eax,0
    0004f  mov rsp,rbp
    00052  pop rbp
    00053  ret
; unwind to the entry from the interpreter
    00054  mov rsp,[r15+28h]
    00058  ret
; external entry (from the interpreter)
    00059  mov rax,ADDR
    00063  mov rcx,8
    0006d  lea r11,[8]
    00074  jmp qword ptr [80h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00080  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

