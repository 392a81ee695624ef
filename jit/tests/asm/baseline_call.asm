function main (baseline asm, 430 bytes)
    00000  jmp 0000000000000110h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,10h
    00013  xor eax,eax
    00015  mov [rbp-8],rax
; line 6: call
    0001c  mov rsi,1
    00023  mov rax,ADDR
    0002d  mov rax,[rax]
    00030  test rax,rax
    00033  je 00000000000000ACh
    00039  cmp rsp,[r15+20h]
    00040  jb 00000000000000ACh
    00046  sub r13,1
    0004d  jb 00000000000000A5h
    00053  add rax,8
    00059  call rax
    0005b  add r13,1
    00062  mov [rbp-8],rax
; line 7: print
    00069  mov rax,[rbp-8]
    00070  mov rsi,rax
    00073  mov rcx,1
    0007d  mov rdi,r12
    00080  mov rax,ADDR
    0008a  push r10
    0008c  push r11
    0008e  call rax  ; jit_print
    00090  pop r11
    00092  pop r10
    00094  test rdx,rdx
    00097  jne 0000000000000108h
; line 8: ret
    0009d  xor eax,eax
    000a0  mov rsp,rbp
    000a3  pop rbp
    000a4  ret
; call g at line 6 through jit_call
    000a5  add r13,1
    000ac  mov [rsp],rsi
    000b4  mov rcx,[r15+10h]
    000bb  sub rcx,r13
    000be  add rcx,0
    000c5  mov [r15],rcx
    000cc  mov rsi,1
    000d6  mov rdx,rsp
    000d9  mov rcx,0
    000e3  mov rdi,r12
    000e6  mov rax,ADDR
    000f0  push r10
    000f2  push r11
    000f4  call rax  ; jit_call
    000f6  pop r11
    000f8  pop r10
    000fa  test rdx,rdx
    000fd  jne 0000000000000108h
    00103  jmp 0000000000000062h
; unwind to the entry from the interpreter
    00108  mov rsp,[r15+28h]
    0010f  ret
; external entry (from the interpreter)
    00110  push rbp
    00111  mov rbp,rsp
    00114  push rbx
    00115  push r12
    00117  push r13
    00119  push r14
    0011b  push r15
    0011d  mov r12,rdi
    00120  mov r15,ADDR
    0012a  push qword ptr [r15+28h]
    00131  mov r14,8
    0013b  mov r13,[r15+10h]
    00142  sub r13,[r15]
    00149  lea rax,[187h]
    00150  push rax
    00151  mov [r15+28h],rsp
    00158  sub rsp,8
    0015c  mov rdx,rsi
    0015f  sub rsp,0
    00166  call 8
    0016b  xor edx,edx
    0016d  lea rsp,[rbp-30h]
    00174  pop rcx
    00175  mov [r15+28h],rcx
    0017c  pop r15
    0017e  pop r14
    00180  pop r13
    00182  pop r12
    00184  pop rbx
    00185  pop rbp
    00186  ret
    00187  lea rbp,[rsp+30h]
    0018f  mov edx,1
    00194  lea rsp,[rbp-30h]
    0019b  pop rcx
    0019c  mov [r15+28h],rcx
    001a3  pop r15
    001a5  pop r14
    001a7  pop r13
    001a9  pop r12
    001ab  pop rbx
    001ac  pop rbp
    001ad  ret

