function main (asm, 313 bytes)
    00000  jmp 0000000000000090h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  mov rax,0
    0000f  cmp rax,rsi
    00012  jge 0000000000000080h
    00018  push rbp
    00019  mov rbp,rsp
    0001c  sub rsp,0
    00023  mov r9,rsi
    00026  mov edi,0
    0002c  mov esi,0
; line 9: jge
    00032  cmp rsi,r9
    00035  jl 000000000000004Dh
    0003b  jmp 0000000000000076h
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
    00067  mov rax,rdx
    0006a  shr rax,3Fh
    0006e  add rax,rdx
    00071  mov rdi,rax
    00074  jmp 0000000000000040h
; line 17: ret
    00076  mov rax,rdi
    00079  mov rsp,rbp
    0007c  pop rbp
    0007d  ret
    0007e  jmp 0000000000000040h
; return before the frame
    00080  mov rax,0
    00087  ret
; unwind to the entry from the interpreter
    00088  mov rsp,[r15+28h]
    0008f  ret
; external entry (from the interpreter)
    00090  push rbp
    00091  mov rbp,rsp
    00094  push rbx
    00095  push r12
    00097  push r13
    00099  push r14
    0009b  push r15
    0009d  mov r15,ADDR
    000a7  mov [r15+30h],rdi
    000ae  push qword ptr [r15+28h]
    000b5  mov r14,8
    000bf  mov r13,[r15+10h]
    000c6  sub r13,[r15]
    000cd  lea rax,[112h]
    000d4  push rax
    000d5  mov [r15+28h],rsp
    000dc  sub rsp,8
    000e0  mov rdx,rsi
    000e3  sub rsp,10h
    000ea  mov rsi,[rdx]
    000f1  call 8
    000f6  xor edx,edx
    000f8  lea rsp,[rbp-30h]
    000ff  pop rcx
    00100  mov [r15+28h],rcx
    00107  pop r15
    00109  pop r14
    0010b  pop r13
    0010d  pop r12
    0010f  pop rbx
    00110  pop rbp
    00111  ret
    00112  lea rbp,[rsp+30h]
    0011a  mov edx,1
    0011f  lea rsp,[rbp-30h]
    00126  pop rcx
    00127  mov [r15+28h],rcx
    0012e  pop r15
    00130  pop r14
    00132  pop r13
    00134  pop r12
    00136  pop rbx
    00137  pop rbp
    00138  ret

